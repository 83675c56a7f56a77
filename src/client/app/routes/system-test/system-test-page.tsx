import { PlaceholderPage } from "@/components/layouts/placeholder-page";

export default function SystemTestPage() {
  return <PlaceholderPage title="System test dashboard" />;
}
