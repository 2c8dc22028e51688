// Cycles between areas (folders under apps/server/src/modules/ and apps/web/src/features/), tests
// included. The graph holds area files only, so a folder cycle here is a loop of areas importing
// each other, not one that passes through the app shell (the router imports every feature by design).
const { options } = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-area-cycles',
      severity: 'error',
      comment:
        'Two areas that import each other (directly or round a longer loop) are one area in disguise: move the ' +
        'shared piece to the area that owns the data, or to a small module both import (web: src/ui or src/app).',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: { ...options, includeOnly: '^apps/(server/src/modules|web/src/features)/' },
};
