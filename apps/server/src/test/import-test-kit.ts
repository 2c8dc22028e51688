import type { Org } from '../policy/policy';
import type { TestApp } from './harness';
import { multipartFile } from '../modules/import/multipart-file';

/** Uploads, reads and commits imports of one school as one administrator (tests of the import area). */
export function importKit(t: TestApp, school: Org, token: string) {
  const base = (nodeId: number) => `/api/${school.code}/nodes/${nodeId}/imports`;
  return {
    base,
    upload(nodeId: number, fileName: string, content: Buffer | string) {
      const { payload, headers } = multipartFile(fileName, content);
      return t.app.inject({ method: 'POST', url: base(nodeId), payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    },
    commit(nodeId: number, id: number, body: object = {}) {
      return t.request({ method: 'POST', url: `${base(nodeId)}/${id}/commit`, token, body });
    },
    /** Uploads a CSV and commits it; answers the commit's response. */
    async importCsv(nodeId: number, csv: string) {
      const { payload, headers } = multipartFile('class.csv', csv);
      const draft = await t.app.inject({ method: 'POST', url: base(nodeId), payload, headers: { ...headers, authorization: `Bearer ${token}` } });
      if (draft.statusCode !== 201) return draft;
      return t.request({ method: 'POST', url: `${base(nodeId)}/${draft.json().id}/commit`, token, body: {} });
    },
  };
}
