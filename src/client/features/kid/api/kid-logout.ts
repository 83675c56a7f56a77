import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";

export const kidLogout = () => apiRequest("POST", "/api/logout");

export const useKidLogout = () => useMutation({ mutationFn: kidLogout });
