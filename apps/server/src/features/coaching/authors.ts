import type { LiveMessage } from '@core28/core/realtime';
import type { Deps } from '../../context.ts';
import { coachCards } from '../team/service.ts';

// Who wrote each coach reply: the author's coach profile (name and photo), read from the
// message's user id, so a reply keeps its author after a change of coach or a coach's departure.

export type AuthorDeps = Pick<Deps, 'db' | 'storage'>;

export async function withAuthors(deps: AuthorDeps, messages: LiveMessage[]): Promise<LiveMessage[]> {
  const cards = await coachCards(
    deps,
    messages.filter((m) => m.isCoachReply).map((m) => m.userId),
  );
  return messages.map((m) => {
    if (!m.isCoachReply) return m;
    const card = cards.get(m.userId);
    return { ...m, author: card ? { name: card.name, photoUrl: card.photoUrl } : null };
  });
}

export async function withAuthor(deps: AuthorDeps, message: LiveMessage): Promise<LiveMessage> {
  const [authored] = await withAuthors(deps, [message]);
  return authored ?? message;
}
