import { ScreenPlaceholder } from '@/components/ui/page';

// Issue 6 fills this in: profile settings (spec 2 §2.8).
export default function ProfileRoute() {
  return (
    <ScreenPlaceholder
      title="Profile Settings"
      description="Edit your personal details, photo, password and notification preferences."
    />
  );
}
