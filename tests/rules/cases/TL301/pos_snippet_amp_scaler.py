scaler = torch.amp.GradScaler("cuda", enabled=args.amp)

for epoch in range(args.epochs):
    model.train()
    for images, targets in train_loader:
        images, targets = images.to(device), targets.to(device)
        with torch.autocast(device_type="cuda", dtype=torch.float16, enabled=args.amp):
            loss = criterion(model(images), targets)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(optimizer)  # expect: TL301
        scaler.update()
