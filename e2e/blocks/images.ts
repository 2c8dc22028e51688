// The gallery's photos, drawn for each run with sharp: no binaries in the repository.
import sharp from 'sharp';

export interface Photo {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const HUES = ['#e8590c', '#2b8a3e', '#1971c2', '#9c36b5', '#f08c00', '#c2255c', '#0c8599'];

/** `count` small JPEGs (800 × 600), each its own colour with a numbered badge, named proyecto-1.jpg … */
export async function drawPhotos(count: number): Promise<Photo[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const colour = HUES[i % HUES.length];
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f8f9fa"/></linearGradient></defs>
        <rect width="800" height="600" fill="url(#g)"/>
        <circle cx="400" cy="300" r="150" fill="#ffffff" fill-opacity="0.8"/>
        <text x="400" y="350" font-size="150" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="${colour}">${i + 1}</text>
      </svg>`;
      const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
      return { name: `proyecto-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer };
    }),
  );
}
