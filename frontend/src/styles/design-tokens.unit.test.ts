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

// A padding, margin, gap or radius in rem, em or px (1px, a border's width, is no space of the scale).
const spaceOrRadius =
  /(?<![\w-])((?:padding|margin)(?:-[a-z-]+)?|(?:row-|column-)?gap|inset|border(?:-[a-z]+)*-radius)\s*:([^;{}]*)/g;
const length = /(?<![\w.-])-?(?!1px\b)\d*\.?\d+(?:rem|em|px)\b/;

/** Each padding, margin, gap and radius of a stylesheet written as a length instead of a token, as `path:line: declaration`. */
function spaceLiterals(path: string, css: string): string[] {
  return cssWithoutText(css)
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(spaceOrRadius)]
        .filter((declaration) => length.test(declaration[2]!))
        .map((declaration) => `${path}:${index + 1}: ${declaration[0].trim()}`),
    );
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(css|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = () =>
  sourceFiles(sourceRoot)
    .map((path) => relative(sourceRoot, path))
    .filter((path) => path !== tokensFile);
const read = (path: string) => readFileSync(join(sourceRoot, path), 'utf8');

describe('one design system: colours, spaces and radii come from the tokens', () => {
  it('no stylesheet, component or module of frontend/src writes a colour outside styles/tokens.css', () => {
    expect(files()).toContain('styles/global.css');
    expect(files().flatMap((path) => colourLiterals(path, read(path)))).toEqual([]);
  });

  it('no stylesheet writes a padding, margin, gap or radius of its own', () => {
    const stylesheets = files().filter((path) => path.endsWith('.css'));
    expect(stylesheets.length).toBeGreaterThan(40);
    expect(stylesheets.flatMap((path) => spaceLiterals(path, read(path)))).toEqual([]);
  });

  it('finds a planted padding, margin, gap or radius, naming its file and line', () => {
    const css = [
      '.a { padding: var(--space-2) 0.75rem; }',
      '.b {',
      '  margin-top: -8px;',
      '  gap: var(--space-4);',
      '  border-top-left-radius: 3px;',
      '  margin: -1px;',
      '  row-gap: 1.5em;',
      '  inset: 0; width: 20rem;',
      '}',
    ].join('\n');
    expect(spaceLiterals('planted.css', css)).toEqual([
      'planted.css:1: padding: var(--space-2) 0.75rem',
      'planted.css:3: margin-top: -8px',
      'planted.css:5: border-top-left-radius: 3px',
      'planted.css:7: row-gap: 1.5em',
    ]);
  });

  it('the tokens file holds the colours (the scan reads it as it reads any other)', () => {
    const literals = colourLiterals(tokensFile, readFileSync(join(sourceRoot, tokensFile), 'utf8'));
    expect(literals.some((literal) => literal.endsWith(': #f4f6f9'))).toBe(true);
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
