    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self.scale * self.head(F.normalize(self.backbone(x), dim=1))
        loss = F.cross_entropy(logits, y)
        self.head.weight.data.copy_(F.normalize(self.head.weight.data, dim=1))  # expect: TL108
        self.log("train_loss", loss)
        return loss
