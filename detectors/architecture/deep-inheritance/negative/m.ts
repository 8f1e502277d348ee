export class A {}

export class B extends A {}

// Interfaces compose types: a long chain of them inherits no behaviour.
export interface I1 { a(): void }
export interface I2 extends I1 { b(): void }
export interface I3 extends I2 { c(): void }
export interface I4 extends I3 { d(): void }
export interface I5 extends I4 { e(): void }
export interface I6 extends I5 { f(): void }
export interface I7 extends I6 { g(): void }
export class Impl implements I7 {
  a() {} b() {} c() {} d() {} e() {} f() {} g() {}
}
