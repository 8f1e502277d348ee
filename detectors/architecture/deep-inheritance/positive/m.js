export class A {}

export class B extends A {}

export class C extends B {}

export class D extends C {} // expect: deep-inheritance
