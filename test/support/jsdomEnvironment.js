// jsdom, plus Node's own fetch under another name: the screens' tests in hotel mode reach a real
// hotel server over real HTTP (test/hotelNetwork.ts), which jsdom has no way to do.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithNodeFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.nodeFetch = fetch;
  }
}

module.exports = JsdomWithNodeFetch;
