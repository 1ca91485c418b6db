    def training_step(self, batch, batch_idx):
        x, y = batch
        self.head.weight.data.copy_(F.normalize(self.head.weight.data, dim=1))
        logits = self.scale * self.head(F.normalize(self.backbone(x), dim=1))
        loss = F.cross_entropy(logits, y)
        self.log("train_loss", loss)
        return loss
