import type { Org } from '../policy/policy';
import type { TestApp } from './harness';
import { multipartFile } from '../modules/import/multipart-file';

/** Uploads, reads, changes and commits imports of one school as one administrator (tests of the import area). */
export function importKit(t: TestApp, school: Org, token: string) {
  const base = (nodeId: number) => `/api/${school.code}/nodes/${nodeId}/imports`;
  return {
    base,
    upload(nodeId: number, fileName: string, content: Buffer | string) {
      const { payload, headers } = multipartFile(fileName, content);
      return t.app.inject({ method: 'POST', url: base(nodeId), payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    },
    get(nodeId: number, id: number) {
      return t.request({ method: 'GET', url: `${base(nodeId)}/${id}`, token });
    },
    /** PUT: another sheet, header row, mapping or name order. */
    change(nodeId: number, id: number, body: object) {
      return t.request({ method: 'PUT', url: `${base(nodeId)}/${id}`, token, body });
    },
    commit(nodeId: number, id: number, body: object = {}) {
      return t.request({ method: 'POST', url: `${base(nodeId)}/${id}/commit`, token, body });
    },
    /** GET …/bad-rows with a query string such as "format=csv&lang=es". */
    badRows(nodeId: number, id: number, query = '') {
      return t.request({ method: 'GET', url: `${base(nodeId)}/${id}/bad-rows${query ? `?${query}` : ''}`, token });
    },
    /** GET import/template with a query string such as "format=xlsx&lang=en". */
    template(query = '') {
      return t.request({ method: 'GET', url: `/api/${school.code}/import/template${query ? `?${query}` : ''}`, token });
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
