import { ScreenPlaceholder } from '@/components/ui/page';

// Issue 6 fills this in: person-to-person payments (spec 2 §2.2).
export default function ZelleRoute() {
  return (
    <ScreenPlaceholder
      title="Zelle®"
      description="Send, request and split money with people you know."
    />
  );
}
