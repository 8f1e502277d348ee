pub mod domain;
pub mod web;
