import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Shades around the default page colour #1C89B8 (index 6). Filled controls use shade 7 (#17759E),
// on which white text reaches 5.1:1 (WCAG AA); #1C89B8 itself only reaches 3.9:1.
const patio: MantineColorsTuple = [
  '#E6F4FA',
  '#CCE7F3',
  '#9DD0E8',
  '#6BB8DC',
  '#43A3D1',
  '#2A96C7',
  '#1C89B8',
  '#17759E',
  '#136488',
  '#0E4F6C',
];

export const theme = createTheme({
  primaryColor: 'patio',
  primaryShade: { light: 7, dark: 5 },
  colors: { patio },
  defaultRadius: 'md',
  focusRing: 'auto',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
