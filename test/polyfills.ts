// jsdom lacks these Node globals that react-router needs.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no Request either; react-router's data router makes one per navigation and, outside
// form submissions, reads only these fields.
if (typeof globalThis.Request === 'undefined') {
  class MinimalRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Headers;
    constructor(input: string | URL | MinimalRequest, init: RequestInit = {}) {
      this.url = input instanceof MinimalRequest ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Headers(init.headers);
    }
  }
  Object.assign(globalThis, { Request: MinimalRequest });
}

// jsdom does no layout and logs "Not implemented" for scrolling; the router's scroll
// restoration and the admin pager scroll, which is harmless to skip in unit tests.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
