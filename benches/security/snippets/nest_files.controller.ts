import { Controller, Get, Query, Param, Body, Post, Res } from "@nestjs/common";
import { Response } from "express";
import * as child from "child_process";

@Controller("files")
export class FilesController {
  @Get(":name")
  download(@Param("name") name: string, @Res() res: Response) {
    // ok: path
    // With `root`, send refuses a path that climbs out of it.
    return res.sendFile(name, { root: "/srv" });
  }

  @Post("run")
  run(@Body() dto: { cmd: string }) {
    // ruleid: command
    return child.execSync(dto.cmd).toString();
  }

  @Get()
  search(@Query("q") q: string, @Res() res: Response) {
    // ruleid: xss
    res.send(`<h1>${q}</h1>`);
  }

  @Get("ok")
  ok(@Query("page") page: number) {
    // ok: command
    return child.execSync(`ls ${Number(page)}`).toString();
  }
}
