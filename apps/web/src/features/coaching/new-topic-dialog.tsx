import { TopicInputSchema } from '@core28/core/coaching';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useCreateTopic } from './api';

/** The member starts a topic: a title and, if they like, what it is about. */
export function NewTopicDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const form = useZodForm(TopicInputSchema, { defaultValues: { title: '', description: '' } });
  const { errors } = form.formState;
  const create = useCreateTopic();

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ topic }) => {
        toast.success('Discussion topic created successfully');
        form.reset();
        onCreated(topic.id);
      },
      onError: (err) => toast.error('Failed to create discussion topic', { description: err.message }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>New Topic</DialogTitle>
        <DialogDescription>What would you like to talk about with your coach?</DialogDescription>
        <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
          <Field id="topic-title" label="Title" error={errors.title?.message}>
            <Input
              maxLength={200}
              placeholder="e.g. Lower back pain during leg raises"
              autoFocus
              {...form.register('title')}
            />
          </Field>
          <Field id="topic-description" label="Description (optional)" error={errors.description?.message}>
            <Textarea rows={4} maxLength={2000} {...form.register('description')} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Create Topic
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
