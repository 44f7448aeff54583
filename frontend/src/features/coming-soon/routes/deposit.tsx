import { ComingSoon } from '@/components/ui/page';

export default function DepositRoute() {
  return <ComingSoon title="Mobile Check Deposit" />;
}
