import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));
const tokensFile = 'styles/tokens.css';

// CSS Color 4's named colours (transparent and currentcolor are no colour of the palette, so they are allowed).
const namedColours = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
  cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
  darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
  darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
  firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
  hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
  lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
  lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
  mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred
  midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
  palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple
  rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue
  slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
  whitesmoke yellow yellowgreen`.split(/\s+/),
);

const hexColour = /(?<![\w&#])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
const colourFunction = /(?<![\w-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/gi;
const identifier = /(?<![\w-])[a-z]+(?![\w-])/gi;
// A colour a component sets itself: a style property or an SVG attribute given a string.
const tsxColourProperty =
  /\b(?:color|background|backgroundColor|borderColor|outlineColor|fill|stroke)\s*[:=]\s*\{?\s*['"`]([^'"`]*)['"`]/g;

/** Blanks out comments, strings and url(...) of a stylesheet, keeping its lines where they were. */
const cssWithoutText = (css: string) =>
  css.replace(/\/\*[\s\S]*?\*\/|'[^'\n]*'|"[^"\n]*"|url\([^)]*\)/g, (text) => text.replace(/[^\n]/g, ' '));

/** Each colour literal of a file, as `path:line: literal`. */
function colourLiterals(path: string, text: string): string[] {
  const isCss = path.endsWith('.css');
  const lines = (isCss ? cssWithoutText(text) : text).split('\n');
  return lines.flatMap((line, index) => {
    const found = [...line.matchAll(hexColour), ...line.matchAll(colourFunction)].map((match) => match[0]);
    const named = isCss
      ? [...line.matchAll(identifier)].map((match) => match[0])
      : [...line.matchAll(tsxColourProperty)].flatMap((match) => match[1]!.match(identifier) ?? []);
    found.push(...named.filter((word) => namedColours.has(word.toLowerCase())));
    return found.map((literal) => `${path}:${index + 1}: ${literal}`);
  });
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(css|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one design system: colours come from the tokens', () => {
  it('no stylesheet, component or module of frontend/src writes a colour outside styles/tokens.css', () => {
    const files = sourceFiles(sourceRoot).map((path) => relative(sourceRoot, path));
    expect(files).toContain('styles/global.css');
    const literals = files
      .filter((path) => path !== tokensFile)
      .flatMap((path) => colourLiterals(path, readFileSync(join(sourceRoot, path), 'utf8')));
    expect(literals).toEqual([]);
  });

  it('the tokens file holds the colours (the scan reads it as it reads any other)', () => {
    const literals = colourLiterals(tokensFile, readFileSync(join(sourceRoot, tokensFile), 'utf8'));
    expect(literals).toContain(`${tokensFile}:8: #f4f6f9`);
    expect(literals.length).toBeGreaterThan(40);
  });

  it('finds every kind of planted literal, naming its file and line', () => {
    const css = [
      '.a { color: #fff; }',
      '.b { background: rgb(0 0 0 / 50%); border-color: HSL(10 20% 30%); }',
      '.c {',
      '  border: 1px solid white;',
      '  /* red in a comment */ content: "red"; background: url(#abc);',
      '  white-space: nowrap; color: var(--color-text); background: transparent; fill: currentColor;',
      '}',
      '.d { color: #C0FFEE; }',
    ].join('\n');
    expect(colourLiterals('planted.css', css)).toEqual([
      'planted.css:1: #fff',
      'planted.css:2: rgb(',
      'planted.css:2: HSL(',
      'planted.css:4: white',
      'planted.css:8: #C0FFEE',
    ]);
    const tsx = [
      `<p style={{ color: 'red', padding: '1rem' }}>`,
      `<svg><path fill="#0d5c8c" stroke="black" /></svg>`,
      `const shade = 'rgba(1, 2, 3, 0.5)';`,
      `<a href="#main" className="button--red">Skip to #1 of 2</a>`,
    ].join('\n');
    expect(colourLiterals('planted.tsx', tsx)).toEqual([
      'planted.tsx:1: red',
      'planted.tsx:2: #0d5c8c',
      'planted.tsx:2: black',
      'planted.tsx:3: rgba(',
    ]);
  });
});
