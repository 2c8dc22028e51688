import { describe, expect, it } from 'vitest';
import { itIsACompleteChunk } from '../test/itIsACompleteChunk';
import { es } from './es';
import { loadDirectoryTerms } from './index';

describe('people, groups and registration texts', () => {
  // A few words are the same in both languages (German "Administrator"); whole sentences never are.
  itIsACompleteChunk({ es, load: loadDirectoryTerms, copiesOfEnglishBelow: 5 });

  it('gives the §5 registration messages in English word for word', async () => {
    const en = await loadDirectoryTerms('en');
    expect(en.registration.errors).toMatchObject({
      email_required: 'You must type an eMail',
      email_invalid: 'Invalid address',
      email_taken: 'This eMail is already being used',
      document_required: 'You must type a document',
      first_name_required: 'You must type a name',
      last_name_required: 'You must type a last name',
      password_required: 'You must type a password',
      passwords_mismatch: 'Passwords do not match',
      birthday_required: 'You must pick a date',
      course_required: 'You must select a course',
      children_required: 'You must choose at least one son',
    });
    expect(en.profile.emailInvalid).toBe('The email does not have a valid format');
  });
});
