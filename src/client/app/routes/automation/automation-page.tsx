import { PlaceholderPage } from "@/components/layouts/placeholder-page";

export default function AutomationPage() {
  return <PlaceholderPage title="Automation Dashboard" />;
}
