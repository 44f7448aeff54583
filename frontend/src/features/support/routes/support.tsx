import { ScreenPlaceholder } from '@/components/ui/page';

// Issue 6 fills this in: support tickets and FAQ (spec 2 §2.7).
export default function SupportRoute() {
  return (
    <ScreenPlaceholder
      title="Support"
      description="Open and follow support tickets, and read answers to common questions."
    />
  );
}
