export class A {}

export class B extends A {}
