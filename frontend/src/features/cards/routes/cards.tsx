import { ScreenPlaceholder } from '@/components/ui/page';

// Issue 6 fills this in: card management (spec 2 §2.5).
export default function CardsRoute() {
  return (
    <ScreenPlaceholder
      title="Card Management"
      description="Apply for, lock, unlock and manage your debit and credit cards."
    />
  );
}
