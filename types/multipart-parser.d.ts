// @web3-storage/multipart-parser ships types its package.json "exports" does not point to: the one function used.
declare module "@web3-storage/multipart-parser" {
  export interface StreamedPart {
    name: string;
    filename?: string;
    contentType?: string;
    /** the part's bytes as they arrive; must be read before the next part */
    data: AsyncIterable<Uint8Array>;
  }
  export function streamMultipart(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<StreamedPart, void, unknown>;
}
