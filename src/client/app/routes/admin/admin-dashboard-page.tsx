import { AdminDashboard } from "@/features/admin/components/admin-dashboard";

/** spec 001 §2.1: /admin/dashboard, admin token needed. */
export default function AdminDashboardPage() {
  return <AdminDashboard />;
}
