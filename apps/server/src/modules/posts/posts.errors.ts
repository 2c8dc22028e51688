import { HttpError } from '../../http/errors';

export const conflict = (code: string, message: string) => new HttpError(409, code, message);
