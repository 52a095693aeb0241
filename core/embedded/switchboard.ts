// The embedded page's side of the embedded SDK's postMessage protocol. The host page sends, once the iframe has
// loaded, `{ type: "__embedded_comms__", handshake: "port transfer" }` with one MessagePort; from then on both
// sides talk over that port in Superset's Switchboard messages:
//   get   { switchboardAction: "get", method, messageId, args }   → reply { switchboardAction: "reply", messageId, result }
//                                                                    or error { switchboardAction: "error", messageId, error }
//   emit  { switchboardAction: "emit", method, args }              → no answer (guestToken arrives this way)
// Written against a minimal port shape so it runs (and is tested) with Node's MessageChannel as in the browser.

export const EMBEDDED_COMMS_TYPE = "__embedded_comms__";

/** Whether a window message is the SDK's port handshake. */
export function isPortHandshake(data: unknown): boolean {
  return typeof data === "object" && data !== null
    && (data as { type?: unknown }).type === EMBEDDED_COMMS_TYPE
    && (data as { handshake?: unknown }).handshake === "port transfer";
}

export interface PortLike {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  start(): void;
}

type Method = (args: unknown) => unknown;

interface Incoming {
  switchboardAction?: unknown;
  method?: unknown;
  messageId?: unknown;
  args?: unknown;
  result?: unknown;
  error?: unknown;
}

export class Switchboard {
  private readonly methods = new Map<string, Method>();
  private readonly waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private next = 1;

  constructor(private readonly port: PortLike, private readonly name = "superset") {
    port.addEventListener("message", (event) => void this.receive(event.data));
  }

  /** A method the host may call (get) or send to (emit). */
  defineMethod(name: string, method: Method): void {
    this.methods.set(name, method);
  }

  /** Sends without waiting for an answer (the SDK's observeDataMask callback is called this way). */
  emit(method: string, args?: unknown): void {
    this.port.postMessage({ switchboardAction: "emit", method, args });
  }

  /** Calls a method the host defined and waits for its answer. */
  get<T = unknown>(method: string, args?: unknown): Promise<T> {
    const messageId = `m_${this.name}_${this.next++}`;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(messageId, { resolve: resolve as (v: unknown) => void, reject });
      this.port.postMessage({ switchboardAction: "get", method, messageId, args });
    });
  }

  start(): void {
    this.port.start();
  }

  private async receive(data: unknown): Promise<void> {
    if (typeof data !== "object" || data === null) return;
    const message = data as Incoming;
    const method = typeof message.method === "string" ? this.methods.get(message.method) : undefined;
    if (message.switchboardAction === "emit") {
      // an emit to a method we do not have is dropped, as Superset's switchboard does
      if (method) await Promise.resolve().then(() => method(message.args)).catch(() => {});
      return;
    }
    if (typeof message.messageId !== "string") return;
    if (message.switchboardAction === "get") {
      this.port.postMessage(await this.answer(message.messageId, String(message.method), method, message.args));
      return;
    }
    const waiter = this.waiting.get(message.messageId);
    if (!waiter) return;
    this.waiting.delete(message.messageId);
    if (message.switchboardAction === "reply") waiter.resolve(message.result);
    else waiter.reject(new Error(typeof message.error === "string" ? message.error : "Unexpected response message"));
  }

  private async answer(messageId: string, name: string, method: Method | undefined, args: unknown) {
    if (!method) return { switchboardAction: "error", messageId, error: `[${this.name}] Method "${name}" is not defined` };
    try {
      return { switchboardAction: "reply", messageId, result: await method(args) };
    } catch {
      return { switchboardAction: "error", messageId, error: `[${this.name}] Method "${name}" threw an error` };
    }
  }
}
