import React from "react";
import DOMPurify from "dompurify";
import { useSearchParams } from "react-router-dom";

export function Comment({ comment }: { comment: { body: string } }) {
  // ruleid: xss
  return <div dangerouslySetInnerHTML={{ __html: comment.body }} />;
}

export function SafeComment({ comment }: { comment: { body: string } }) {
  // ok: xss
  return <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(comment.body) }} />;
}

export function Static() {
  // ok: xss
  return <div dangerouslySetInnerHTML={{ __html: "<b>hi</b>" }} />;
}

export function Link() {
  const [params] = useSearchParams();
  // ruleid: xss
  return <a href={params.get("url")}>continue</a>;
}

export function SafeLink() {
  const [params] = useSearchParams();
  // ok: xss
  return <a href={"/users/" + params.get("id")}>profile</a>;
}
