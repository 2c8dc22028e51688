import { render } from '@testing-library/react';
import { Checkbox, MantineProvider, Radio } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio } from '../ui/color';
import { theme } from './theme';

const globalCss = readFileSync(join(import.meta.dirname, 'global.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The value a custom property gets in global.css's :root. */
function rootVariable(name: string): string {
  const value = new RegExp(`${name}:\\s*(#[0-9a-f]{3,6})`, 'i').exec(globalCss)?.[1];
  if (!value) throw new Error(`${name} is not set in global.css`);
  return value;
}

/** What a radio or checkbox sits on: cards and dropdowns (white) and the page itself. */
const BACKGROUNDS = ['#ffffff', /background:\s*(#[0-9a-f]{6})/i.exec(globalCss)![1]];

describe('radio and checkbox borders (WCAG 1.4.11)', () => {
  it('reach 3:1 against every background they sit on', () => {
    const border = rootVariable('--patio-control-border');
    for (const background of BACKGROUNDS) expect(contrastRatio(border, background), `${border} on ${background}`).toBeGreaterThanOrEqual(3);
  });

  it('are drawn with that colour on the unchecked controls Mantine renders', () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <Radio label="A" value="a" readOnly />
        <Checkbox label="B" readOnly />
      </MantineProvider>,
    );
    const rule = /([^{}]+)\{\s*border-color:\s*var\(--patio-control-border\);?\s*\}/.exec(globalCss);
    expect(rule, 'global.css styles the controls with --patio-control-border').not.toBeNull();
    const selectors = rule![1].split(',').map((s) => s.trim());
    const radio = container.querySelector('input[type="radio"]')!;
    const checkbox = container.querySelector('input[type="checkbox"]')!;
    expect(selectors.some((selector) => radio.matches(selector))).toBe(true);
    expect(selectors.some((selector) => checkbox.matches(selector))).toBe(true);
  });
});
