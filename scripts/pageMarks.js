// The names a page carries between the server, the build, the browser app and the stylesheets
// (src/domain/pageMarks.ts, which says what each is), for the build's CommonJS scripts: read
// through tsx, already the project's way of running TypeScript in Node, so they are written once.
const { require: requireTypeScript } = require('tsx/cjs/api');

module.exports = requireTypeScript('../src/domain/pageMarks.ts', __filename);
