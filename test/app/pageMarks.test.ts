import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as pageMarks from '../../src/domain/pageMarks';

const { unknownMarksInCss } = pageMarks;

const root = path.join(__dirname, '../..');
const stylesheets = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => path.join(dir, file));

describe("the page's marks in the stylesheets", () => {
  it('every data attribute and meta tag a stylesheet styles the page by is one the site writes (src/domain/pageMarks.ts)', () => {
    const files = [...stylesheets('src'), ...stylesheets('public')];
    expect(files).toContain(path.join('src', 'features', 'booking', 'booking.css'));
    const unknown = files.flatMap((file) =>
      unknownMarksInCss(readFileSync(path.join(root, file), 'utf8')).map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('names a mark nobody writes, whether as an attribute or a meta tag, and not one in a comment', () => {
    const css = `/* [data-old] */
      #root:not([data-adopted]) .room-section { opacity: 0.5 }
      :root:has(meta[name='hotel-mode']) [data-adoptd] { display: none }
      :root:has(meta[name="hotel-mod"]) .x, [ data-adoptd ] { color: red }`;
    expect(unknownMarksInCss(css)).toEqual(['data-adoptd', 'hotel-mod']);
  });

  it('knows every mark the module declares, so a mark added there is never refused here', () => {
    const declared = Object.values(pageMarks).filter((value) => typeof value === 'string');
    expect(declared).toHaveLength(14);
    expect(declared.flatMap((name) => unknownMarksInCss(`[${name}] {} meta[name=${name}] {}`))).toEqual([]);
  });
});
