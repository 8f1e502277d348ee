fn h0() -> u32 {
    0
}

fn h1() -> u32 {
    1
}

fn h2() -> u32 {
    2
}

fn h3() -> u32 {
    3
}

fn h4() -> u32 {
    4
}

fn h5() -> u32 {
    5
}

fn h6() -> u32 {
    6
}

fn h7() -> u32 {
    7
}

fn h8() -> u32 {
    8
}

fn h9() -> u32 {
    9
}

pub fn hub() -> u32 { // expect: hub-function
    h0() + h1() + h2() + h3() + h4() + h5() + h6() + h7() + h8() + h9()
}

pub fn a() -> u32 {
    hub()
}

pub fn b() -> u32 {
    hub()
}

pub fn c() -> u32 {
    hub()
}
