import { ScreenPlaceholder } from '@/components/ui/page';

// Issue 6 fills this in: crypto trading (spec 2 §2.4).
export default function CryptoTradingRoute() {
  return (
    <ScreenPlaceholder
      title="Crypto Trading"
      description="Buy, sell, deposit and withdraw cryptocurrency against your bank account."
    />
  );
}
