// Stands in for iconv-lite in the Worker bundle (wrangler.toml [alias]): iconv-lite's CJK tables alone are
// ~190 KB gzip. mysql2 calls it only for encodings Node's Buffer lacks. Our MySQL connector asks the server for
// utf8mb4 results, so the one such encoding it meets is "cesu8" (MySQL's utf8mb3, used in the handshake and
// for metadata), implemented here; anything else fails with a clear message instead of garbled text.
// bundle-shims/iconv-lite.test.ts checks this against the real iconv-lite.
"use strict";

function isCesu8(encoding) {
  return String(encoding).toLowerCase().replace(/[^a-z0-9]/g, "") === "cesu8";
}

function unsupported(encoding) {
  throw new Error(`The MySQL character set "${encoding}" is not supported: the connection uses utf8mb4.`);
}

// CESU-8 is UTF-8 applied to UTF-16 code units: a supplementary character is two 3-byte surrogates.
function encodeCesu8(text) {
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u < 0x80) bytes.push(u);
    else if (u < 0x800) bytes.push(0xc0 | (u >> 6), 0x80 | (u & 0x3f));
    else bytes.push(0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f));
  }
  return Buffer.from(bytes);
}

function decodeCesu8(buf) {
  let out = "";
  for (let i = 0; i < buf.length; ) {
    const b = buf[i];
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i += 1;
    } else if ((b & 0xe0) === 0xc0 && i + 1 < buf.length) {
      out += String.fromCharCode(((b & 0x1f) << 6) | (buf[i + 1] & 0x3f));
      i += 2;
    } else if ((b & 0xf0) === 0xe0 && i + 2 < buf.length) {
      out += String.fromCharCode(((b & 0x0f) << 12) | ((buf[i + 1] & 0x3f) << 6) | (buf[i + 2] & 0x3f));
      i += 3;
    } else if ((b & 0xf8) === 0xf0 && i + 3 < buf.length) {
      // a 4-byte UTF-8 sequence is not CESU-8, but decoding it as UTF-8 loses nothing
      out += buf.toString("utf8", i, i + 4);
      i += 4;
    } else {
      out += "\ufffd";
      i += 1;
    }
  }
  return out;
}

function getEncoder(encoding) {
  if (!isCesu8(encoding)) unsupported(encoding);
  return { write: encodeCesu8, end: () => undefined };
}

function getDecoder(encoding) {
  if (!isCesu8(encoding)) unsupported(encoding);
  return { write: decodeCesu8, end: () => undefined };
}

module.exports = {
  getEncoder,
  getDecoder,
  encode: (text, encoding) => getEncoder(encoding).write(text),
  decode: (buf, encoding) => getDecoder(encoding).write(buf),
  encodingExists: isCesu8,
};
