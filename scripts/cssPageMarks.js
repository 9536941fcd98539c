// A webpack loader in front of css-loader: a stylesheet may style the page by a data attribute or
// a <meta> tag only when src/domain/pageMarks.ts lists its name. Renaming a mark there, or a typo
// here, then fails the build with the file and the name, rather than leaving a page whose notice
// or held place no longer shows, which only an end-to-end test would notice.
const { unknownMarksInCss } = require('./pageMarks');

module.exports = function cssPageMarks(source) {
  const unknown = unknownMarksInCss(source);
  if (unknown.length > 0)
    this.emitError(new Error(`${this.resourcePath} names ${unknown.join(', ')}, which src/domain/pageMarks.ts does not list`));
  return source;
};
