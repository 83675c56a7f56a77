import { PlaceholderPage } from "@/components/layouts/placeholder-page";

export default function AdminDashboardPage() {
  return <PlaceholderPage title="Admin dashboard" />;
}
