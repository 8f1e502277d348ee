export const path = /^(\/[a-z]+)$/;
export const version = /^(\d+\.)+\d+$/;
export const base64 = /^([0-9a-zA-Z+/]{4})*(([0-9a-zA-Z+/]{2}==)|([0-9a-zA-Z+/]{3}=))?$/;
export const query = /^\w+=\w+(&\w+=\w+)*$/;
export const path = /^(\/[a-z]+)+$/;
