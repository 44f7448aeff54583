import { ScreenPlaceholder } from '@/components/ui/page';

// Issue 6 fills this in: the Transfer Money wizard (spec 2 §2.1).
export default function TransferRoute() {
  return (
    <ScreenPlaceholder
      title="Transfer Money"
      description="Move money between your accounts, to another Juniper Ridge customer, to an external bank, or by SEPA transfer."
    />
  );
}
