import axios from "axios";
export async function proxy(target: string) {
  return axios.get(target);
}
