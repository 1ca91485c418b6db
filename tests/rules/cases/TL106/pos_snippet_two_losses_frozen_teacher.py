# Distillation as asked in a forum post: the models, the optimizer and the loader are
# defined in the parts of the script that were not pasted.
teacher.eval()
for p in teacher.parameters():
    p.requires_grad = False

for epoch in range(args.epochs):
    student.train()
    for x, y in train_loader:
        with torch.no_grad():
            t_logits = teacher(x)
        s_logits = student(x)
        loss_ce = F.cross_entropy(s_logits, y)
        loss_kd = F.kl_div(
            F.log_softmax(s_logits / 4.0, dim=1),
            F.softmax(t_logits / 4.0, dim=1),
            reduction="batchmean",
        )
        optimizer.zero_grad()
        loss_ce.backward()
        loss_kd.backward()  # expect: TL106
        optimizer.step()
