import type { ContactInput } from '@core28/core/contact';
import { api, unwrap } from '@/lib/api';
import { useDraftKey } from '@/lib/idempotency-key';

const draftOf = (values: ContactInput) => `${values.name}\n${values.email}\n${values.message}`;

/** Sends a message; the same message sent again after a failure goes with the same key: mailed once. */
export function useSendMessage() {
  const draft = useDraftKey();
  return async (values: ContactInput) => {
    await unwrap(api.contact.$post({ json: values }, { headers: draft.keyFor(draftOf(values)) }));
    draft.sent(draftOf(values));
  };
}
