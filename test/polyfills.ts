// jsdom lacks these Node globals that react-router needs.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no Request either; react-router's data router makes one per navigation and, outside
// form submissions, reads only these fields. Hotel mode's requests (RTK Query's fetchBaseQuery)
// also carry a JSON text body, which the fake hotel server in the tests reads.
if (typeof globalThis.Request === 'undefined') {
  class MinimalRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Headers;
    readonly body: string | null;
    constructor(input: string | URL | MinimalRequest, init: RequestInit = {}) {
      const from = input instanceof MinimalRequest ? input : null;
      this.url = from ? from.url : String(input);
      this.method = (init.method ?? from?.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? from?.signal ?? new AbortController().signal;
      this.headers = new Headers(init.headers ?? from?.headers);
      this.body = typeof init.body === 'string' ? init.body : (from?.body ?? null);
    }
    text(): Promise<string> {
      return Promise.resolve(this.body ?? '');
    }
    clone(): MinimalRequest {
      return new MinimalRequest(this);
    }
  }
  Object.assign(globalThis, { Request: MinimalRequest });
}

// jsdom does no layout and logs "Not implemented" for scrolling; the router's scroll
// restoration and the admin pager scroll, which is harmless to skip in unit tests.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// jsdom's Blob (and so File) has no text(); the import panels read a chosen file with it.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob): Promise<string> {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}
