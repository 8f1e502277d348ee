use axum::extract::Query;

pub async fn render(Query(q): Query<Page>) -> String {
    let template = format!("<h1>{}</h1>", q.title);
    Tera::one_off(&template, &Context::new(), true).unwrap() // expect: template-injection
}

pub async fn custom(Json(body): Json<Custom>) -> String {
    let mut hb = Handlebars::new();
    hb.register_template_string("page", &body.template).unwrap(); // expect: template-injection
    hb.render("page", &()).unwrap()
}
