import { fillSavedReply, SavedReplyInputSchema } from '@core28/core/coaching';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { savedRepliesQuery, useSavedReplies } from './admin-api';

// The coach's saved replies and the team's shared ones, inserted into the reply box with
// {firstName} and {day} filled in. Only a reply's author edits, shares or deletes it.

export function SavedReplies({
  values,
  onInsert,
}: {
  values: { firstName: string; day: number } | null;
  onInsert: (text: string) => void;
}) {
  const replies = useQuery(savedRepliesQuery()).data?.replies ?? [];
  const [isManaging, setIsManaging] = useState(false);
  return (
    <div className="flex items-center gap-2">
      <Select
        aria-label="Insert a saved reply"
        className="h-11 min-w-0 flex-1 text-sm sm:h-9 sm:max-w-xs"
        value=""
        onChange={(e) => {
          const reply = replies.find((r) => r.id === e.target.value);
          if (reply) onInsert(fillSavedReply(reply.body, values ?? { firstName: '', day: 1 }));
        }}
      >
        <option value="">{replies.length ? 'Insert a saved reply…' : 'No saved replies yet'}</option>
        {replies.map((r) => (
          <option key={r.id} value={r.id}>
            {r.isOwn ? r.title : `${r.title} (team)`}
          </option>
        ))}
      </Select>
      <Button type="button" variant="ghost" size="sm" onClick={() => setIsManaging(true)}>
        Manage
      </Button>
      <Dialog open={isManaging} onOpenChange={setIsManaging}>
        <DialogContent>
          <DialogTitle>Saved replies</DialogTitle>
          <DialogDescription>
            {'{firstName}'} and {'{day}'} are filled in with the member's first name and program day.
          </DialogDescription>
          <ManageSavedReplies />
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ManageSavedReplies() {
  const replies = useQuery(savedRepliesQuery()).data?.replies ?? [];
  const { create, update, remove } = useSavedReplies();
  const [editingId, setEditingId] = useState<string | null>(null);
  const empty = { title: '', body: '', shared: false };
  const form = useZodForm(SavedReplyInputSchema, { defaultValues: empty });
  const { errors } = form.formState;
  const done = (message: string) => () => {
    toast.success(message);
    setEditingId(null);
    form.reset(empty);
  };
  const onSubmit = form.handleSubmit((input) =>
    editingId
      ? update.mutate({ replyId: editingId, input }, { onSuccess: done('Saved reply updated') })
      : create.mutate(input, { onSuccess: done('Saved reply added') }),
  );
  const error = create.error ?? update.error;
  return (
    <div className="mt-4 grid gap-4">
      <ul className="grid max-h-56 gap-2 overflow-y-auto">
        {replies.map((r) => (
          <li key={r.id} className="flex items-start gap-2 rounded-lg bg-zinc-50 p-2 text-sm">
            <span className="min-w-0 flex-1">
              <strong className="block">
                {r.title}
                {r.shared && (
                  <span className="ml-2 rounded bg-zinc-200 px-1.5 py-0.5 text-xs font-medium text-zinc-700">
                    {r.isOwn ? 'Shared' : 'Team'}
                  </span>
                )}
              </strong>
              <span className="line-clamp-2 text-zinc-600">{r.body}</span>
            </span>
            {r.isOwn && (
              <>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit ${r.title}`}
                  onClick={() => {
                    setEditingId(r.id);
                    form.reset({ title: r.title, body: r.body, shared: r.shared });
                  }}
                >
                  <Pencil />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${r.title}`}
                  onClick={() => remove.mutate(r.id)}
                >
                  <Trash2 />
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={onSubmit} className="grid gap-3 border-t border-zinc-200 pt-4">
        {error && <ErrorAlert>{error.message}</ErrorAlert>}
        <Field id="saved-reply-title" label="Title" error={errors.title?.message}>
          <Input maxLength={100} {...form.register('title')} />
        </Field>
        <Field id="saved-reply-body" label="Reply" error={errors.body?.message}>
          <Textarea rows={3} maxLength={5000} placeholder="Hi {firstName}, …" {...form.register('body')} />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-brand-600" {...form.register('shared')} />
          Share with the team (other coaches can insert it, not change it)
        </label>
        <div className="flex justify-end gap-2">
          {editingId && (
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setEditingId(null);
                form.reset(empty);
              }}
            >
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={create.isPending || update.isPending}>
            {editingId ? 'Save changes' : 'Add saved reply'}
          </Button>
        </div>
      </form>
    </div>
  );
}
