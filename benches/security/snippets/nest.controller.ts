import { Controller, Get, Post, Query, Param, Body, Res } from "@nestjs/common";
import { exec } from "child_process";
import { readFileSync } from "fs";
import { Response } from "express";

class CreateUserDto {
  name: string;
  age: number;
}

@Controller("users")
export class UsersController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  async find(@Query("q") q: string) {
    // ruleid: sql-injection
    return this.dataSource.query(`SELECT * FROM users WHERE name = '${q}'`);
  }

  @Get("safe")
  async findSafe(@Query("q") q: string) {
    // ok: sql-injection
    return this.dataSource.query("SELECT * FROM users WHERE name = $1", [q]);
  }

  @Get(":file")
  read(@Param("file") file: string) {
    // ruleid: path-traversal
    return readFileSync(`/srv/data/${file}`, "utf8");
  }

  @Post("run")
  run(@Body() body: CreateUserDto) {
    // ruleid: command-injection
    exec("useradd " + body.name);
  }

  @Get("age")
  byAge(@Query("age") age: number) {
    // ok: sql-injection
    return this.dataSource.query(`SELECT * FROM users WHERE age = ${Number(age)}`);
  }

  @Get("go")
  go(@Query("next") next: string, @Res() res: Response) {
    // ruleid: open-redirect
    return res.redirect(next);
  }
}
