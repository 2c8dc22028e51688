import { writeFileSync } from 'node:fs';
import { standaloneOpenApiDocument } from './openapi-document';

// Writes the server's OpenAPI document to the file named by the first argument (`npm run lint:openapi`
// lints it with Redocly CLI).
const target = process.argv[2];
if (!target) throw new Error('Usage: openapi-lint.main <output.json>');
writeFileSync(target, `${JSON.stringify(await standaloneOpenApiDocument(), null, 2)}\n`);
