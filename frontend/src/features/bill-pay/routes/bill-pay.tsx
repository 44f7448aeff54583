import { ScreenPlaceholder } from '@/components/ui/page';

// Issue 6 fills this in: bill pay (spec 2 §2.6).
export default function BillPayRoute() {
  return (
    <ScreenPlaceholder
      title="Bill Pay"
      description="Add payees, pay and schedule bills, and see your payment history."
    />
  );
}
