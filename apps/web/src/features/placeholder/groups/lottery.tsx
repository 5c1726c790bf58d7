import { PlaceholderPage } from '../placeholder-page.tsx';

export default function Screen() {
  return <PlaceholderPage titleKey="placeholder.lottery" />;
}
