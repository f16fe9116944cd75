import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { CoachConversation } from './coach-conversation';
import { LiveIndicator } from './conversation';
import { useLiveCoaching } from './live';

/** spec §2 Chat page: /admin/chat/{userId}/{topicId} with a back link to /admin. */
export default function AdminChatPage() {
  const { userId = '', topicId = '' } = useParams();
  const status = useLiveCoaching();
  return (
    <div className="grid gap-4 p-4 sm:p-8">
      <div className="flex items-center justify-between gap-3">
        <Link
          to="/admin"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-zinc-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Back to Dashboard
        </Link>
        <LiveIndicator status={status} />
      </div>
      <h1 className="sr-only">Conversation</h1>
      <Card className="flex h-[min(80vh,800px)] min-h-[440px] flex-col overflow-hidden bg-zinc-50/60">
        <CoachConversation key={topicId} topicId={topicId} expectedUserId={userId} />
      </Card>
    </div>
  );
}
