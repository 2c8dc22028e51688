// What re-encoding every avatar costs (issue 6 item 9): PUT people/{id}/avatar of a 12-megapixel
// phone photo (JPEG with EXIF) through the built server, one at a time and 8 at once, while a GET of
// another route is timed alongside to show the event loop stays free (sharp works off the main thread).
// SQLite; needs `npm run build` first.
import { createRequire } from 'node:module';
import { startSchool } from './school-data.mjs';

// sharp is a dependency of the server, so it is resolved from there.
const sharp = createRequire(new URL('../apps/server/package.json', import.meta.url))('sharp');

const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
  .blur(1.5)
  .jpeg({ quality: 85 })
  .withExif({ IFD0: { Make: 'Bench' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 35/1 0/1' } })
  .toBuffer();

const school = await startSchool(18310, {});
try {
  // The admin uploads their own avatar: their id is the token's subject.
  const personId = Number(JSON.parse(Buffer.from(school.token.split('.')[1], 'base64url').toString()).sub);
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const startedAt = performance.now();
    const res = await fetch(`${school.base}/people/${personId}/avatar`, { method: 'PUT', body: form, headers: { authorization: `Bearer ${school.token}` } });
    if (res.status !== 200 && res.status !== 409) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return performance.now() - startedAt;
  };
  const timeOtherRoute = async () => {
    const startedAt = performance.now();
    await fetch(`${school.base}/nodes`, { headers: { authorization: `Bearer ${school.token}` } });
    return performance.now() - startedAt;
  };
  await upload(); // warm-up
  const serial = [];
  for (let i = 0; i < 5; i++) serial.push(await upload());
  const burst = performance.now();
  const [parallel, other] = await Promise.all([Promise.all(Array.from({ length: 8 }, upload)), timeOtherRoute()]);
  const burstMs = performance.now() - burst;
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`\n| Avatar upload (${(photo.length / 1024 / 1024).toFixed(1)} MB, 4000 × 3000 JPEG) | ms |\n|---|---:|`);
  console.log(`| one at a time, median of 5 | ${median(serial).toFixed(0)} |`);
  console.log(`| 8 at once, all done | ${burstMs.toFixed(0)} |`);
  console.log(`| 8 at once, slowest | ${Math.max(...parallel).toFixed(0)} |`);
  console.log(`| GET nodes during the 8 uploads | ${other.toFixed(0)} |`);
} finally {
  await school.stop();
}
