const words = /^[\w\s]*$/;
